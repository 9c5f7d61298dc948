/* eslint-disable max-lines -- the list of groups and one group's page share the group's form, card and loaders. */
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  data,
  Link,
  useLoaderData,
  useNavigate,
  useParams,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  GROUP_VISIBILITIES,
  groupInvitePath,
  groupPath,
  type GroupInput,
  type GroupSummary,
  type GroupView,
} from '../../../core/articles/articles.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { CopyLinkButton, ReportThisButton, SampleBadge } from '../../components/record-actions.tsx';
import { SectionNav } from '../../components/section-nav.tsx';
import { loaderFind, loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useFormProblems } from '../../lib/form-problems.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAsMember, useAuth } from '../auth/index.ts';
import { ArticleCards, GoneScreen } from './article-parts.tsx';
import { articlesApi, groupsApi, type GroupList } from './articles-api.ts';

function GroupCard({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('articles');
  return (
    <Paper withBorder radius="md" p="md" data-testid="group-card">
      <Stack gap={6}>
        <Group gap="xs">
          <Anchor component={Link} to={groupPath(group.slug)} fw={600}>
            {group.name}
          </Anchor>
          {group.visibility === 'invite' && (
            <Badge variant="light" color="gray">
              {t('groups.inviteOnly')}
            </Badge>
          )}
          <SampleBadge sample={group.sample} />
        </Group>
        {group.description && (
          <Text size="sm" lineClamp={2}>
            {group.description}
          </Text>
        )}
        <Text size="sm" c="gray.7">
          {[
            t('groups.members', { count: group.members }),
            t('groups.articles', { count: group.articles }),
            group.owner.name,
          ].join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Name, description and who may join: for a new group and for its owner's changes. */
function GroupForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: GroupInput;
  submitLabel: string;
  onSubmit: (input: GroupInput) => Promise<void>;
}) {
  const { t } = useTranslation('articles');
  const [input, setInput] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const marked = useFormProblems<HTMLDivElement>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!input.name.trim()) return setMissing(true);
    setBusy(true);
    try {
      await onSubmit(input);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      gap="sm"
      component="form"
      ref={marked.ref}
      onSubmit={(event) => void submit(event).then(marked.reveal)}
      data-testid="group-form"
    >
      <TextInput
        label={t('groups.name')}
        value={input.name}
        maxLength={GROUP_NAME_MAX}
        required
        error={missing && !input.name.trim() ? t('groups.nameMissing') : undefined}
        onChange={(event) => setInput({ ...input, name: event.currentTarget.value })}
        data-testid="group-name"
      />
      <Textarea
        label={t('groups.description')}
        value={input.description}
        maxLength={GROUP_DESCRIPTION_MAX}
        autosize
        minRows={2}
        onChange={(event) => setInput({ ...input, description: event.currentTarget.value })}
      />
      <Radio.Group
        label={t('groups.visibility')}
        value={input.visibility}
        onChange={(value) => setInput({ ...input, visibility: value as GroupInput['visibility'] })}
      >
        <Stack gap={6} mt={6}>
          {GROUP_VISIBILITIES.map((visibility) => (
            <Radio
              key={visibility}
              value={visibility}
              label={t(`groups.visibilities.${visibility}`)}
              data-testid={`group-${visibility}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button type="submit" loading={busy} data-testid="group-submit">
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

async function loadGroups({ context }: LoaderFunctionArgs) {
  return loaderGet<GroupList>(context, '/api/groups');
}

/** /share/group: public groups, the member's own and joined ones, and a way to start one. */
function GroupsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const loaded = useLoaderData() as GroupList;
  const { requireMember } = useAuth();
  const navigate = useNavigate();
  const failed = useErrorPopup('articles');
  const [creating, setCreating] = useState(false);
  const [mine] = useAsMember<GroupSummary[]>(
    [],
    () => groupsApi.list().then((answer) => answer.mine),
    'groups-mine',
  );
  const create = async (input: GroupInput) => {
    try {
      const group = await groupsApi.create(input);
      setCreating(false);
      void navigate(groupPath(group.slug));
    } catch (error) {
      await failed(error);
    }
  };
  return (
    <PageFrame page={page}>
      <Group>
        <Button onClick={() => requireMember(() => setCreating(true))} data-testid="new-group">
          {t('groups.create')}
        </Button>
      </Group>
      {mine.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="xl">
            {t('groups.mine')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {mine.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Title order={2} fz="xl">
        {t('groups.public')}
      </Title>
      {loaded.groups.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="groups-empty">
          <Text>{t('groups.none')}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="group-list">
          {loaded.groups.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('groups.create')}>
        <GroupForm
          initial={{ name: '', description: '', visibility: 'public' }}
          submitLabel={t('groups.createSubmit')}
          onSubmit={create}
        />
      </Modal>
    </PageFrame>
  );
}

async function loadGroup({ context, params, request }: LoaderFunctionArgs) {
  const invite = new URL(request.url).searchParams.get('invite');
  const found = await loaderFind<{ group: GroupView }>(
    context,
    `/api/groups/${encodeURIComponent(params.slug ?? '')}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`,
  );
  return found?.group ?? data<GroupView | null>(null, { status: 404 });
}

function groupHead({
  data: group,
  t,
  page,
  origin,
}: PageHeadArgs<GroupView | null>): Partial<PageHead> {
  if (!group)
    return {
      title: t(`pages:${page.id}.title`),
      description: t('articles:groups.gone'),
      noindex: true,
    };
  return {
    title: group.name,
    description:
      group.description ||
      t('articles:groups.headDescription', { name: group.name, count: group.articles }),
    // Groups by invitation and the sample stay out of search engines.
    ...(group.visibility === 'invite' || group.sample ? { noindex: true } : {}),
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:shareGroup.title'), path: '/share/group' },
      { name: group.name, path: groupPath(group.slug) },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: group.name,
        url: `${origin}${groupPath(group.slug)}`,
        ...(group.description ? { description: group.description } : {}),
      },
    ],
  };
}

/** Adds one of the member's published articles to the group. */
function AddMyArticle({ group, onAdded }: { group: GroupView; onAdded: () => void }) {
  const { t } = useTranslation('articles');
  const failed = useErrorPopup('articles');
  const [chosen, setChosen] = useState<string | null>(null);
  const [published] = useAsMember<{ id: string; title: string }[]>(
    [],
    () => articlesApi.mine('published'),
    `published-${group.id}`,
  );
  const listed = new Set(group.articleList.map((article) => article.id));
  const choices = published
    .filter((article) => !listed.has(article.id))
    .map((article) => ({ value: article.id, label: article.title }));
  if (choices.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('groups.nothingToAdd')}
      </Text>
    );
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('groups.addArticle')}
        data={choices}
        value={chosen}
        onChange={setChosen}
        style={{ flex: '1 1 240px' }}
        data-testid="group-add-choice"
      />
      <Button
        disabled={!chosen}
        onClick={() =>
          void groupsApi
            .addArticle(group.id, chosen!)
            .then(() => {
              setChosen(null);
              onAdded();
            })
            .catch(failed)
        }
        data-testid="group-add"
      >
        {t('groups.add')}
      </Button>
    </Group>
  );
}

/** /share/group/:slug: a group's articles, joining it, and its owner's tools. */
function GroupPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const loaded = useLoaderData() as GroupView | null;
  const [search] = useSearchParams();
  const invite = search.get('invite');
  const { member, openLogin, requireMember } = useAuth();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const failed = useErrorPopup('articles');
  const popup = usePopup();
  const [editing, setEditing] = useState(false);
  const { slug = '' } = useParams();
  // What the member may do here comes from asking again as them: the server's page is a visitor's,
  // who does not see a group by invitation at all.
  const [own, setOwn] = useAsMember<GroupView | null>(
    null,
    () => groupsApi.get(slug, invite).catch(() => null),
    `group-${slug}-${invite ?? ''}`,
  );
  const group = own ?? loaded;
  const refresh = () =>
    void groupsApi.get(slug, invite).then(setOwn, () => revalidator.revalidate());
  if (!group)
    return <GoneScreen page={page} title={t('groups.goneTitle')} body={t('groups.gone')} />;
  const act = (action: () => Promise<unknown>) => () => void action().then(refresh).catch(failed);
  const remove = async () => {
    const sure = await popup.show({
      title: t('groups.deleteTitle'),
      message: t('groups.deleteBody', { name: group.name }),
      mode: 'yesno',
      confirmLabel: t('groups.delete'),
      cancelLabel: t('common:popup.cancel'),
    });
    if (!sure) return;
    await groupsApi.remove(group.id).then(() => navigate('/share/group'), failed);
  };
  return (
    <Container size="lg" py="xl" data-page={page.id}>
      <Stack gap="lg">
        <header>
          <SectionNav page={page} current={group.name} />
          <Group gap="sm">
            <Title order={1} fz={{ base: 26, sm: 34 }}>
              {group.name}
            </Title>
            {group.visibility === 'invite' && (
              <Badge variant="light" color="gray">
                {t('groups.inviteOnly')}
              </Badge>
            )}
            <SampleBadge sample={group.sample} />
          </Group>
          {group.description && (
            <Text size="lg" mt="sm" maw={760} style={{ whiteSpace: 'pre-line' }}>
              {group.description}
            </Text>
          )}
          <Text size="sm" c="gray.7" mt="xs">
            {[
              t('groups.members', { count: group.members }),
              t('groups.articles', { count: group.articles }),
              t('groups.ownedBy', { name: group.owner.name }),
            ].join(' · ')}
          </Text>
        </header>
        <Group gap="sm">
          {!group.isMember && !group.sample && (
            <Button
              onClick={() => requireMember(act(() => groupsApi.join(group.id, invite)))}
              data-testid="group-join"
            >
              {t('groups.join')}
            </Button>
          )}
          {group.isMember && !group.isOwner && (
            <Button
              variant="subtle"
              onClick={act(() => groupsApi.leave(group.id))}
              data-testid="group-leave"
            >
              {t('groups.leave')}
            </Button>
          )}
          <CopyLinkButton path={groupPath(group.slug)} />
          {group.isOwner && (
            <>
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => setEditing(true)}
                data-testid="group-edit"
              >
                {t('groups.edit')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => void remove()}
                data-testid="group-delete"
              >
                {t('groups.delete')}
              </Button>
            </>
          )}
          {!group.isOwner && !group.sample && (
            <ReportThisButton
              onReport={(reason) => groupsApi.flag(group.id, reason)}
              signedIn={member !== null}
              openLogin={() => openLogin()}
            />
          )}
        </Group>
        {group.isMember && group.inviteToken && (
          <Paper withBorder radius="md" p="md" data-testid="group-invite">
            <Text size="sm" fw={600}>
              {t('groups.inviteLink')}
            </Text>
            <Group gap="xs" mt={4} wrap="wrap">
              <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="group-invite-path">
                {groupInvitePath(group.slug, group.inviteToken)}
              </Text>
              <CopyLinkButton path={groupInvitePath(group.slug, group.inviteToken)} />
              {group.isOwner && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={act(() => groupsApi.renewInvite(group.id))}
                >
                  {t('groups.renewInvite')}
                </Button>
              )}
            </Group>
          </Paper>
        )}
        {group.isMember && <AddMyArticle group={group} onAdded={refresh} />}
        <Anchor
          component={Link}
          to={`/searcharticle?group=${encodeURIComponent(group.slug)}`}
          size="sm"
        >
          {t('groups.searchIn')}
        </Anchor>
        <ArticleCards articles={group.articleList} empty={<Text>{t('groups.noArticles')}</Text>} />
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('groups.edit')}>
        <GroupForm
          initial={{
            name: group.name,
            description: group.description,
            visibility: group.visibility,
          }}
          submitLabel={t('groups.save')}
          onSubmit={async (input) => {
            try {
              setOwn(await groupsApi.update(group.id, input));
              setEditing(false);
            } catch (error) {
              await failed(error);
            }
          }}
        />
      </Modal>
    </Container>
  );
}

export const groupsPage = definePage({ Component: GroupsPage, loader: loadGroups });
export const groupPage = definePage({ Component: GroupPage, loader: loadGroup, head: groupHead });
