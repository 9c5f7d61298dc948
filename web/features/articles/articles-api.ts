import type {
  ArticleCreate,
  ArticleDraft,
  ArticleHit,
  ArticleImage,
  ArticleSave,
  ArticleStatus,
  ArticleSummary,
  GroupInput,
  GroupSummary,
  GroupView,
  PublicArticle,
} from '../../../core/articles/articles.ts';
import { apiGet, apiSend, apiUpload } from '../../lib/api-client.ts';

const one = (id: string) => `/api/articles/${encodeURIComponent(id)}`;

/** The articles calls (docs/articles.md#api). */
export const articlesApi = {
  mine: (status: ArticleStatus | null) =>
    apiGet<{ articles: ArticleSummary[] }>(
      `/api/articles/mine${status ? `?status=${status}` : ''}`,
    ).then((answer) => answer.articles),
  get: (id: string) => apiGet<{ article: ArticleDraft }>(one(id)).then((answer) => answer.article),
  create: (input: ArticleCreate) =>
    apiSend<{ article: ArticleDraft }>('POST', '/api/articles', input).then(
      (answer) => answer.article,
    ),
  save: (id: string, input: ArticleSave, options: { keepalive?: boolean } = {}) =>
    apiSend<{ article: ArticleDraft }>('PUT', one(id), input, options).then(
      (answer) => answer.article,
    ),
  publish: (id: string, version: number) =>
    apiSend<{ article: ArticleDraft }>('POST', `${one(id)}/publish`, { version }).then(
      (answer) => answer.article,
    ),
  unpublish: (id: string) =>
    apiSend<{ article: ArticleDraft }>('POST', `${one(id)}/unpublish`).then(
      (answer) => answer.article,
    ),
  remove: (id: string) => apiSend<unknown>('DELETE', one(id)),
  upload: (id: string, file: Blob) =>
    apiUpload<{ image: ArticleImage }>(`${one(id)}/images`, file).then((answer) => answer.image),
  like: (id: string, liked: boolean) =>
    apiSend<{ likes: number }>('PUT', `${one(id)}/like`, { liked }).then((answer) => answer.likes),
  flag: (id: string, reason: string) => apiSend<unknown>('POST', `${one(id)}/flag`, { reason }),
};

const group = (id: string) => `/api/groups/${encodeURIComponent(id)}`;

/** The groups calls (docs/articles.md#groups). */
export const groupsApi = {
  list: () => apiGet<GroupList>('/api/groups'),
  get: (slug: string, invite: string | null) =>
    apiGet<{ group: GroupView }>(
      `${group(slug)}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`,
    ).then((answer) => answer.group),
  create: (input: GroupInput) =>
    apiSend<{ group: GroupView }>('POST', '/api/groups', input).then((answer) => answer.group),
  update: (id: string, input: GroupInput) =>
    apiSend<{ group: GroupView }>('PUT', group(id), input).then((answer) => answer.group),
  remove: (id: string) => apiSend<unknown>('DELETE', group(id)),
  join: (id: string, invite: string | null) =>
    apiSend<unknown>('POST', `${group(id)}/join`, invite ? { invite } : {}),
  leave: (id: string) => apiSend<unknown>('POST', `${group(id)}/leave`),
  renewInvite: (id: string) => apiSend<{ inviteToken: string }>('POST', `${group(id)}/invite`),
  addArticle: (id: string, articleId: string) =>
    apiSend<unknown>('POST', `${group(id)}/articles`, { articleId }),
  flag: (id: string, reason: string) => apiSend<unknown>('POST', `${group(id)}/flag`, { reason }),
};

export interface GroupList {
  groups: GroupSummary[];
  mine: GroupSummary[];
}

export interface ArticleList {
  articles: ArticleSummary[];
  total: number;
}
export interface SearchAnswer {
  hits: ArticleHit[];
  total: number;
}
export type { PublicArticle };
