/**
 * The router code the browser entry evaluates in its own task. A dynamic import of
 * 'react-router' itself would keep every export of the library (a dynamic import's namespace
 * cannot be tree-shaken: 190 KB, with the server's cookie, session and request-handler code);
 * importing these names instead keeps only what the app uses.
 */
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
