export {
  AES_CBC_ID,
  EnvelopeError,
  decodeHeader,
  decrypt,
  encodeHeader,
  encrypt,
  encryptLegacy,
} from './envelope.ts';
