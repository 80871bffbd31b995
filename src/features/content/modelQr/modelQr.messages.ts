import { defineMessages, params } from '../../../shared/i18n/messages';

/** A model's printable QR page and the link to it on a card. */
export const modelQrMessages = defineMessages('contentModelQr', {
  model: 'Model',
  printQr: 'Print QR',
  printQrFor: params('Print QR: {title}'),
  print: 'Print',
  drawing: 'Drawing the QR code…',
  backToModels: 'Back to the models',
  qrCodeFor: params('QR code for {title}'),
  qrCodeOpens: params('QR code that opens {title}'),
  scanToOpen: 'Scan to open the building instructions:',
});
