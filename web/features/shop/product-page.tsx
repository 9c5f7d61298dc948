import {
  Alert,
  Anchor,
  Badge,
  Container,
  Button,
  Grid,
  Group,
  Image,
  List,
  NumberInput,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { data, Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { localize } from '../../../core/cards/card.ts';
import { toMajor } from '../../../core/payments/money.ts';
import { shopImagePath, type ShopProductView } from '../../../core/shop/catalogue-view.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SectionNav } from '../../components/section-nav.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { productPath } from './product-card.tsx';
import { ShopBar } from './shop-bar.tsx';
import { shopApi } from './shop-api.ts';
import { useShopFormat } from '../payments/index.ts';

type ProductLoad = { product: ShopProductView } | null;

async function loadProduct({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<{ product: ShopProductView }>(
    context,
    `/api/shop/products/${encodeURIComponent(params.id ?? '')}`,
  );
  return loaded ?? data<ProductLoad>(null, { status: 404 });
}

/** The variant of these option values, if the product has it. */
function variantOf(product: ShopProductView, chosen: Record<string, string>) {
  return (
    product.variants.find((variant) =>
      product.options.every((option) => variant.options[option.id] === chosen[option.id]),
    ) ?? null
  );
}

/** /shop/product/:id: the pictures, the choice of variant, the price, what is in stock, and add to cart. */
function ProductPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const navigate = useNavigate();
  const failed = useErrorPopup();
  const loaded = useLoaderData() as ProductLoad;
  const product = loaded?.product;
  const first =
    product?.variants.find((variant) => variant.available !== 0) ?? product?.variants[0];
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({ ...first?.options }));
  const [quantity, setQuantity] = useState<number | string>(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  if (!product)
    return (
      <PageFrame page={page}>
        <Text data-testid="shop-unknown">{t('product.unknown')}</Text>
      </PageFrame>
    );
  const variant = variantOf(product, chosen);
  const shown =
    product.images.find((image) => image.shows && Object.values(chosen).includes(image.shows)) ??
    product.images[0]!;
  const available = variant?.available ?? null;
  const soldOut = available === 0;
  const max = Math.min(product.maxPerOrder, available ?? product.maxPerOrder);

  const add = async () => {
    if (!variant) return;
    const wanted = Number(quantity);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > max) {
      setProblem(t('product.quantityRange', { max }));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await shopApi.put(variant.id, wanted, format.currency, 'add');
      setAdded(true);
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.body : null;
      if (body?.error === 'SHOP_OUT_OF_STOCK' || body?.error === 'SHOP_QUANTITY')
        setProblem(
          body.error === 'SHOP_QUANTITY'
            ? t('product.overLimit', { max: product.maxPerOrder })
            : t('product.onlyLeft', { count: Number(body.details?.available ?? 0) }),
        );
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const name = format.text(product.title);
  return (
    <Container size="lg" py="xl" data-page={page.id} data-product={product.id}>
      <Stack gap="lg">
        <header>
          <SectionNav page={page} current={name} />
          <Title order={1} fz={{ base: 26, sm: 34 }} mt={4} data-testid="shop-product-title">
            {name}
          </Title>
        </header>
        <ShopBar />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Image
              src={shopImagePath(shown.file)}
              alt={format.text(shown.alt)}
              width={800}
              height={800}
              radius="md"
              style={{ aspectRatio: '1 / 1' }}
              data-testid="shop-product-image"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Text>{format.text(product.summary)}</Text>
              {variant && (
                <Group gap="sm" align="baseline">
                  <Text fz={28} fw={700} data-testid="shop-variant-price">
                    {format.money(variant.price[format.currency])}
                  </Text>
                  {variant.compareAt && (
                    <>
                      <Text c="gray.7" td="line-through">
                        {format.money(variant.compareAt[format.currency])}
                      </Text>
                      {product.saleUntil && (
                        <Badge color="red">
                          {t('price.saleUntil', { day: format.day(product.saleUntil) })}
                        </Badge>
                      )}
                    </>
                  )}
                </Group>
              )}
              {product.options.map((option) => (
                <Select
                  key={option.id}
                  label={format.text(option.label)}
                  value={chosen[option.id] ?? null}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (value) setChosen({ ...chosen, [option.id]: value });
                    setAdded(false);
                    setProblem(null);
                  }}
                  data={option.values.map((value) => {
                    const match = variantOf(product, { ...chosen, [option.id]: value.id });
                    return {
                      value: value.id,
                      label:
                        match?.available === 0
                          ? t('product.valueSoldOut', { value: format.text(value.label) })
                          : format.text(value.label),
                    };
                  })}
                  data-testid={`shop-option-${option.id}`}
                />
              ))}
              <Text
                size="sm"
                c={soldOut ? 'red.8' : available !== null && available <= 3 ? 'orange.9' : 'gray.7'}
                data-testid="shop-availability"
              >
                {soldOut
                  ? t('stock.soldOut')
                  : available === null
                    ? t('stock.unlimited')
                    : available <= 3
                      ? t('stock.few', { count: available })
                      : t('stock.inStock')}
              </Text>
              <Group align="flex-end">
                <NumberInput
                  label={t('product.quantity')}
                  value={quantity}
                  onChange={setQuantity}
                  min={1}
                  max={Math.max(1, max)}
                  allowDecimal={false}
                  w={120}
                  disabled={soldOut}
                  error={problem}
                  data-testid="shop-quantity"
                />
                <Button
                  onClick={() => void add()}
                  loading={busy}
                  disabled={soldOut || !variant}
                  data-testid="shop-add"
                >
                  {t('product.add')}
                </Button>
              </Group>
              {added && (
                <Alert color="teal" data-testid="shop-added">
                  <Group justify="space-between">
                    <Text size="sm">{t('product.added')}</Text>
                    <Button size="xs" variant="light" onClick={() => navigate('/shop/cart')}>
                      {t('product.toCart')}
                    </Button>
                  </Group>
                </Alert>
              )}
              <Text size="sm" c="gray.7">
                {t(`delivery.${product.delivery}About`)}
              </Text>
              {product.simulatedSupplier && (
                <Alert color="yellow" data-testid="shop-simulated-supplier">
                  {t('product.simulatedSupplier')}
                </Alert>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <Stack gap="sm" maw={760}>
          <Title order={2} fz="lg">
            {t('product.about')}
          </Title>
          {product.description.map((paragraph, index) => (
            <Text key={index}>{format.text(paragraph)}</Text>
          ))}
          <List>
            {product.details.map((detail, index) => (
              <List.Item key={index}>{format.text(detail)}</List.Item>
            ))}
          </List>
          <Text size="sm">
            <Anchor component={Link} to="/shop">
              {t('product.back')}
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}

function productHead({
  data: loaded,
  t,
  language,
  page,
  origin,
}: PageHeadArgs<ProductLoad>): Partial<PageHead> {
  if (!loaded)
    return {
      title: t(`pages:${page.id}.title`),
      description: t('shop:product.unknown'),
      noindex: true,
    };
  const { product } = loaded;
  const lang = language === 'ja' ? 'en' : language;
  const name = localize(product.title, lang);
  const url = `${origin}${productPath(product.id)}`;
  return {
    title: name,
    description: localize(product.summary, lang),
    type: 'product',
    image: shopImagePath(product.images[0]!.file),
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:shop.title'), path: '/shop' },
      { name, path: productPath(product.id) },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name,
        description: localize(product.summary, lang),
        sku: product.id,
        image: product.images.map((image) => `${origin}${shopImagePath(image.file)}`),
        brand: { '@type': 'Brand', name: 'TripPlus' },
        offers: product.variants.flatMap((variant) =>
          (['TWD', 'USD'] as const).map((currency) => ({
            '@type': 'Offer',
            url,
            sku: variant.id,
            priceCurrency: currency,
            price: toMajor(variant.price[currency]).toFixed(2),
            ...(variant.compareAt && product.saleUntil
              ? { priceValidUntil: product.saleUntil }
              : {}),
            availability:
              variant.available === 0
                ? 'https://schema.org/OutOfStock'
                : 'https://schema.org/InStock',
            itemCondition: 'https://schema.org/NewCondition',
          })),
        ),
      },
    ],
  };
}

export const productPage = definePage<ProductLoad>({
  Component: ProductPage,
  loader: loadProduct,
  head: productHead,
});
