import { nextTask } from './next-task.ts';

/**
 * Evaluates the modules the server preloaded for this page (its `page-scripts` block) one per
 * task, each after the modules it imports (the list runs from a page's own code to what it uses,
 * so backwards). A module is evaluated in the task of the import that first asks for it: a page's
 * code asked for at once evaluated its whole graph (its components, the Mantine parts they use,
 * the schemas they check with) in one task, which held a slow phone for well over the 50 ms a
 * task may take. A module that does not arrive is left to the route's own import, which says so
 * on the page.
 */
export async function evaluatePreloaded(scripts: unknown): Promise<void> {
  const preload = (scripts as { preload?: unknown } | null)?.preload;
  if (!Array.isArray(preload)) return;
  for (const url of [...preload].reverse()) {
    if (typeof url !== 'string' || !url.startsWith('/')) continue;
    try {
      await import(/* @vite-ignore */ url);
    } catch {
      return;
    }
    await nextTask();
  }
}
