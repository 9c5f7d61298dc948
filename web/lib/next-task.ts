/**
 * Ends the current task, so the browser can answer the visitor between steps of a page's start:
 * a module or catalog already fetched is evaluated in the same task as the step that asks for it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
