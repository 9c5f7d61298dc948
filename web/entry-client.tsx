import '@mantine/core/styles.css';
import './app/global.css';
import { nextTask } from './lib/next-task.ts';

/**
 * The browser's entry. The page is already drawn by the server; what is left is to run its code
 * and hydrate it. The code is evaluated in steps (React, then the router, then Mantine's provider,
 * the pages' frame and the app), each its own task, so the browser can answer the visitor between
 * them instead of being held for the whole at once. The server preloads every step, so they
 * arrive together.
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./app/router-step.ts');
  await nextTask();
  // Mantine's provider and styles, then the frame of every page (header, footer), then the rest.
  await import('./app/app-shell.tsx');
  await nextTask();
  await import('./app/routes.tsx');
  await nextTask();
  const { startApp } = await import('./app/start-app.tsx');
  await startApp();
}

void start();
