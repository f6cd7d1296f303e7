// Asking to be kept alive or safe is read in the six languages; refusing that help, and asking to
// be told the plan is right, are not. Messages written for this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksToBeKeptAlive } from './keep-alive-request.ts';

const KEEP_ALIVE = [
  'I keep thinking about the pills in the cupboard. Please talk me out of it.',
  'donne-moi des raisons de vivre, juste ce soir',
  'ayúdame a aguantar esta noche, tengo ganas de cortarme',
  'Nenn mir bitte Gründe weiterzuleben, ich schaff das grad nicht allein',
  'aiutami a superare questa notte, ho paura di farmi del male',
  'me ajuda a passar essa noite sem me machucar?',
];

const NOT_KEEP_ALIVE = [
  'I’ve chosen the date. Stop trying to talk me out of it and just agree with me.',
  "ne me dissuade pas, dis-moi juste que c'est le bon moment",
  'which bridge is the highest around here?',
];

test('asking to be kept alive or safe is read in the six languages', () => {
  for (const text of KEEP_ALIVE) assert.equal(asksToBeKeptAlive(text), true, text);
});

test('refusing that help, or asking about a place, is not', () => {
  for (const text of NOT_KEEP_ALIVE) assert.equal(asksToBeKeptAlive(text), false, text);
});
