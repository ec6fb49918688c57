/** The resources service, asked for the offer of a resource being bought (its price is never taken from a client). */
import { type ResourceOffer, resourceOfferSchema } from '@rainmakers/contracts';
import { createInternalClient } from '@rainmakers/kit';

export interface ResourcesClient {
  /** The offer; throws a 404 HttpError for an unknown resource. */
  offer(resourceId: number): Promise<ResourceOffer>;
}

export function createResourcesClient(options: { baseUrl: string; secret: string }): ResourcesClient {
  const client = createInternalClient({ baseUrl: options.baseUrl, service: 'billing', secret: options.secret });
  return {
    async offer(resourceId) {
      const answer = await client.request<unknown>('GET', `/internal/resources/${resourceId}/offer`);
      return resourceOfferSchema.parse(answer);
    },
  };
}
