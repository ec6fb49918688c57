/** /api/product/*: the Power Profit Tool (spec part 2 §7). */
import { idParam, productUpsertSchema } from '@rainmakers/contracts';
import { answerOnce, forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { removeProduct, upsertProduct } from '../commands/products';
import type { ToolsDeps } from '../deps';
import {
  canCountProducts,
  canDeleteProduct,
  canEditAdditionalFees,
  canListProducts,
  canUpsertProduct,
  productAbilities,
} from '../policies';
import { presentProduct } from '../presenters';
import { countProducts, listProducts } from '../store/products';

export function productRoutes(deps: ToolsDeps): Router {
  const router = Router();

  router.get('/read-many', async (req, res) => {
    const actor = requireActor(req);
    if (!canListProducts(actor)) throw forbidden();
    const abilities = productAbilities(actor);
    const products = await listProducts(deps.db, actor.userId);
    res.json({ products: products.map((p) => presentProduct(p, abilities)) });
  });

  router.get('/count', async (req, res) => {
    const actor = requireActor(req);
    if (!canCountProducts(actor)) throw forbidden();
    res.json({ total: await countProducts(deps.db, actor.userId) });
  });

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(productUpsertSchema, req.body);
    if (!canUpsertProduct(actor)) throw forbidden();
    await answerOnce(req, res, deps.db, async () => {
      const { product, isNew } = await upsertProduct(deps, actor.userId, input, {
        mayEditAdditionalFees: canEditAdditionalFees(actor),
      });
      return { status: isNew ? 201 : 200, body: { product: presentProduct(product, productAbilities(actor)), isNew } };
    });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteProduct(actor)) throw forbidden();
    await removeProduct(deps, actor.userId, id);
    res.status(204).end();
  });

  return router;
}
