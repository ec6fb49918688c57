/**
 * Who may do what in the tools service, one function per action. Routes call them after requireActor (every call
 * needs a signed-in person: 401 otherwise).
 *
 * - Products are personal: every signed-in person (spec §6 "all other tools are available to signed-in users")
 *   keeps their own, and nobody, admins included, reaches another person's products: the tool has no screen for
 *   them, so another person's id answers exactly like a missing one (404; the store always filters by owner).
 * - Basic members see the Additional Fees locked and cannot change them (spec §6): `canEditAdditionalFees`.
 *   It follows actor.role, so an admin previewing as basic gets the basic view.
 */
import { type Actor, type AssistantSpec, mayChatWith, type ProductAbilities } from '@rainmakers/contracts';

export const canListProducts = (_actor: Actor) => true;
export const canCountProducts = (_actor: Actor) => true;
export const canUpsertProduct = (_actor: Actor) => true;
export const canDeleteProduct = (_actor: Actor) => true;
/** The qualifier is for every signed-in person (course-only members see an upgrade note, not a lock). */
export const canSaveQualifierResult = (_actor: Actor) => true;
export const canSendQualifierResult = (_actor: Actor) => true;
/** Past ratings: always the caller's own. */
export const canListQualifierRatings = (_actor: Actor) => true;
/** AI Toolkit: the cards are for everyone; a chat only where the assistant's rule opens it (contracts/ai.ts). */
export const canListAssistants = (_actor: Actor) => true;
export const canChatWith = (actor: Actor, assistant: AssistantSpec) => mayChatWith(actor, assistant);
/** Conversations are always the caller's own (another person's id answers 404). */
export const canListConversations = (_actor: Actor) => true;
export const canEditPrompts = (actor: Actor) => actor.role === 'admin';
export const canEditAdditionalFees = (actor: Actor) => actor.role !== 'basic';

export const productAbilities = (actor: Actor): ProductAbilities => ({
  edit: canUpsertProduct(actor),
  delete: canDeleteProduct(actor),
  editAdditionalFees: canEditAdditionalFees(actor),
});
