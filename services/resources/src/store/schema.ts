/** Tables of the resources service (Kysely). Resources, categories, purchases and banners arrive with their issue. */
export type ResourcesDatabase = Record<string, never>;
