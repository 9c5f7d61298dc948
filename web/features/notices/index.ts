/** The bell in the header (docs/notices.md#the-bell): a member's notices, live in every open tab. */
export { HeaderBell } from './header-bell.tsx';
