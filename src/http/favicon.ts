// GET /favicon.ico: the icon browsers ask every page of this host for (the console, /docs, the
// widget's preview), so none of them logs a 404. A 32×32 PNG in an ICO wrapper: a chat bubble.
import type { ApiApp } from './types.ts';

const ICON = Buffer.from(
  'AAABAAEAICAAAAEAIAC9AAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAIRJREFUeNpjYEADsn43/tMSM+ADtLYcryPoZTlWR9DbchRHDJTlcEcMSQfgAjR1AKmAqg4gF1DFAZQCihxALTA0HYDPAFLECDli8DuA0oJm6IYAPteT6oChmw0HvCCi1AEDWhcMSG1I8/YApZZRpUEy6oDRRumw6hsMnq7ZoOicDlT3HADwbQCvksTuCQAAAABJRU5ErkJggg==',
  'base64',
);

export function registerFavicon(app: ApiApp): void {
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(ICON),
  );
}
