import { createRouter } from '../../lib/router.ts';

/** /buyer-demands (issue 19): what buyers ask for, from enquiries and marketplace searches. */
export const buyerDemandsRouter = createRouter();
