/** /api/product/*: the Power Profit Tool (spec part 2 §7). */
import { idParam, productUpsertSchema } from '@rainmakers/contracts';
import { answerOnce, concurrencyLimit, forbidden, PRODUCT_READ_MANY_LIMIT, parse, requireActor } from '@rainmakers/kit';
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
import { ProductListAnswers } from '../product-answers';
import { countProducts, listProducts, productListVersion } from '../store/products';

export function productRoutes(deps: ToolsDeps): Router {
  const router = Router();
  const kept = new ProductListAnswers();

  router.get('/read-many', concurrencyLimit(PRODUCT_READ_MANY_LIMIT), async (req, res) => {
    const actor = requireActor(req);
    if (!canListProducts(actor)) throw forbidden();
    const abilities = productAbilities(actor);
    const variant = `${abilities.edit}:${abilities.delete}:${abilities.editAdditionalFees}`;
    // The version is read before the rows: an answer is never older than the version it is kept under.
    const version = await productListVersion(deps.db, actor.userId);
    let json = kept.get(actor.userId, version, variant);
    if (json === undefined) {
      const products = await listProducts(deps.db, actor.userId);
      json = JSON.stringify({ products: products.map((p) => presentProduct(p, abilities)) });
      kept.set(actor.userId, { version, variant, json });
    }
    res.type('json').send(json);
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
