/**
 * The base of every card's data model (issue #34): a card's state is its message's `system`, typed
 * by a `foundry.abstract.TypeDataModel` registered for its ChatMessage subtype
 * (`CONFIG.ChatMessage.dataModels`, src/cards/card-data-models.ts). A card's model lists its fields
 * with the builders of card-fields.ts; Foundry cleans `system` against it (unknown keys are dropped,
 * so a field the state has and the schema lacks is lost).
 *
 * A data model module extends `foundry.abstract.TypeDataModel` when it is evaluated: only
 * card-data-models.ts (imported by gng.ts) imports the models, never a card's other code.
 */

/**
 * The base class of every card's `system`: a subclass defines `defineSchema` (card-fields.ts), and
 * `migrateData` for older shapes of its own.
 */
export class CardData extends foundry.abstract.TypeDataModel {}
