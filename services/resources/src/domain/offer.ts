/** What billing may sell (GET /internal/resources/{id}/offer). Pure. */
import {
  dollarsToCents,
  isForSaleVisibility,
  type ResourceOffer,
  type ResourceVisibility,
} from '@rainmakers/contracts';

export interface SellableResource {
  id: number;
  title: string;
  visibility: ResourceVisibility;
  hidden: boolean;
  /** Dollars with two decimals, as PostgreSQL's numeric comes back (a string), or null. */
  price: string | null;
  purchaseUrl: string | null;
}

/**
 * Only For Sale and For Sale Premium resources that are not hidden are for sale. The price is converted to cents
 * exactly; a resource sold only through its external purchase URL has priceCents null (billing refuses to charge).
 */
export function offerOf(resource: SellableResource): ResourceOffer {
  const forSale = isForSaleVisibility(resource.visibility) && !resource.hidden;
  return {
    id: resource.id,
    title: resource.title,
    forSale,
    priceCents: forSale && resource.price !== null ? dollarsToCents(resource.price) : null,
    purchaseUrl: forSale ? resource.purchaseUrl : null,
  };
}
