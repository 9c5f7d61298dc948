import type { FastifyInstance } from 'fastify';
import { csrf } from './app.ts';

/**
 * An article of one paragraph written and published through the API by a member (their session
 * cookies), as a reader would find it; answers its id. Throws when the API refuses either step.
 */
export async function publishArticle(
  app: FastifyInstance,
  cookies: Record<string, string>,
  article: { title: string; text: string; language: string },
): Promise<string> {
  const token = csrf(cookies);
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      headers: token.headers,
      cookies: { ...token.cookies, ...cookies },
      payload,
    });
  const doc = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: article.text }] }],
  };
  const created = await post('/api/articles', {
    title: article.title,
    coverImageId: null,
    doc,
    language: article.language,
  });
  if (created.statusCode !== 200) throw new Error(`article not created: ${created.body}`);
  const draft = created.json().article as { id: string; version: number };
  const published = await post(`/api/articles/${draft.id}/publish`, { version: draft.version });
  if (published.statusCode !== 200) throw new Error(`article not published: ${published.body}`);
  return draft.id;
}
