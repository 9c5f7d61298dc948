import type { AreaModule } from '../../app/router.tsx';
import { AboutPage } from './about-page.tsx';

export const pages: AreaModule['pages'] = { aboutUs: AboutPage };
