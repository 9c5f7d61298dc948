import type { FeatureModule } from '../../lib/page-module.ts';
import { articlePage } from './article-page.tsx';
import { EditArticlePage, NewArticlePage } from './editor-page.tsx';
import { groupPage, groupsPage } from './group-pages.tsx';
import { MyArticles, MyDrafts, MyPublished } from './my-articles-page.tsx';
import { allArticlesPage, sharePage } from './reading-pages.tsx';
import { searchArticlePage } from './search-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['articles', 'records'];

/** Articles members write (docs/articles.md): the community's list, one article, groups, search, the member's own and the editor. */
export const pages: FeatureModule['pages'] = {
  share: sharePage,
  shareArticle: allArticlesPage,
  shareArticleRead: articlePage,
  shareGroup: groupsPage,
  shareGroupPage: groupPage,
  searchArticle: searchArticlePage,
  myArticles: MyArticles,
  myArticlesDraft: MyDrafts,
  myArticlesPublished: MyPublished,
  newArticle: NewArticlePage,
  editArticle: EditArticlePage,
};
