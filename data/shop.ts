/**
 * The shop's data (docs/product/shop.md): our products with their variants
 * (data/shop/products.json) and the shipping and tax rules per destination
 * (data/shop/rules.json). Checked against their schemas and against the files on disk when read;
 * the server will not start on a broken file.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ShopProductsFileSchema,
  ShopRulesFileSchema,
  type ShopProduct,
  type ShopRules,
} from '../core/shop/catalogue-schema.ts';
import { readFile } from './cards.ts';

export interface ShopData {
  products: ShopProduct[];
  rules: ShopRules;
}

/** Where a download's file is kept (never served as a static file: only through a signed link). */
export function shopFilePath(file: string): string {
  return fileURLToPath(new URL(`./shop/files/${file}`, import.meta.url));
}
const imagePath = (file: string) =>
  fileURLToPath(new URL(`../web/public/images/shop/${file}`, import.meta.url));

/** Problems across the products: ids used twice, a download's file missing. */
export function checkShopData(data: ShopData): string[] {
  const problems: string[] = [];
  const products = new Set<string>();
  const variants = new Set<string>();
  for (const product of data.products) {
    if (products.has(product.id)) problems.push(`product ${product.id}: listed twice`);
    products.add(product.id);
    for (const variant of product.variants) {
      if (variants.has(variant.id)) problems.push(`variant ${variant.id}: listed twice`);
      variants.add(variant.id);
    }
    for (const variant of product.variants)
      if (variant.file && !existsSync(shopFilePath(variant.file)))
        problems.push(`${variant.id}: no file ${variant.file}`);
  }
  return problems;
}

/**
 * Pictures the products name that web/public/images/shop/ lacks (a test's check: the built server
 * does not carry the web's public files beside it).
 */
export function missingPictures(data: ShopData): string[] {
  return data.products.flatMap((product) =>
    product.images.flatMap((image) =>
      [image.file, image.file.replace(/\.webp$/, '-400.webp')]
        .filter((file) => !existsSync(imagePath(file)))
        .map((file) => `${product.id}: no picture ${file}`),
    ),
  );
}

/** For scripts and tests: what loads, with every problem found. */
export function loadShopDataWithProblems(): { data: ShopData; problems: string[] } {
  const problems: string[] = [];
  const products = readFile('./shop/products.json', ShopProductsFileSchema, problems);
  const rules = readFile('./shop/rules.json', ShopRulesFileSchema, problems);
  const data = {
    products: products?.products ?? [],
    rules: rules ?? { asOf: '', destinations: [], digitalTax: [] },
  };
  return { data, problems: [...problems, ...checkShopData(data)] };
}

let cached: ShopData | null = null;
/** The shop's data, read and checked once; a broken file stops the server at start. */
export function shopData(): ShopData {
  if (!cached) {
    const { data, problems } = loadShopDataWithProblems();
    if (problems.length > 0) throw new Error(`shop data:\n${problems.join('\n')}`);
    cached = data;
  }
  return cached;
}
