import { createRouter } from '../../lib/router.ts';
import { findInterest, listInterestFor, upsertInterest } from './interest.repository.ts';
import { getMyInterest, listInterest, registerInterest } from './interest.routes.ts';

export const interestRouter = createRouter();

interestRouter
  .openapi(getMyInterest, async (c) => {
    const { product } = c.req.valid('param');
    return c.json(await findInterest(c.get('deps').database.db, c.get('user').id, product), 200);
  })
  .openapi(registerInterest, async (c) => {
    const { product } = c.req.valid('param');
    const body = c.req.valid('json') ?? {};
    const db = c.get('deps').database.db;
    await upsertInterest(db, c.get('user').id, product, body.note);
    return c.json(await findInterest(db, c.get('user').id, product), 200);
  })
  .openapi(listInterest, async (c) => {
    const { product } = c.req.valid('param');
    return c.json(await listInterestFor(c.get('deps').database.db, product), 200);
  });
