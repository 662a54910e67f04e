import { createRouter } from '../../lib/router.ts';
import { getSite } from './site.routes.ts';

export const siteRouter = createRouter().openapi(getSite, (c) => {
  const { productName, maintenanceMode } = c.var.deps.settings;
  return c.json({ productName, siteName: `${productName} Portal`, tenant: 'offplan', maintenanceMode }, 200);
});
