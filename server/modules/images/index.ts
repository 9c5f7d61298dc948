// The images module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { ImageRefused, processImage } from './image-processing.ts';
export { LocalImageStorage } from './image-storage.ts';
export type { ImageStorage } from './image-storage.ts';
