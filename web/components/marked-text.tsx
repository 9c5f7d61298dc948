import type { SnippetPart } from '../../core/articles/articles.ts';

/** Text with the query's matches marked, as a search answers it (site search, article search). */
export function Marked({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
