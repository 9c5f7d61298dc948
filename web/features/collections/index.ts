import type { AreaModule } from '../../app/router.tsx';
import { LikedCardsPage } from '../cardplus/index.ts';

export const pages: AreaModule['pages'] = { collectionsCards: LikedCardsPage };
