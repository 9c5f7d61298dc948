import type { AreaModule } from '../../app/router.tsx';
import { HomePage } from './home-page.tsx';

export const pages: AreaModule['pages'] = { home: HomePage };
