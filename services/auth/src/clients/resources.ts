/** The resources service, asked by the send-mail worker for the community's name and colour (site content). */
import { siteBrandSchema } from '@rainmakers/contracts';
import { createInternalClient, type MailBrand } from '@rainmakers/kit';

export function createBrandReader(options: { baseUrl: string; secret: string }): () => Promise<MailBrand> {
  const client = createInternalClient({ baseUrl: options.baseUrl, service: 'auth', secret: options.secret });
  return async () => {
    const brand = siteBrandSchema.parse(await client.request<unknown>('GET', '/internal/site-content/brand'));
    return { name: brand.communityName, primaryColor: brand.primaryColor };
  };
}
