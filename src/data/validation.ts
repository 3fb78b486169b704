/**
 * Validation errors of our data models, with localized messages. Foundry calls the models'
 * `validateJoint` after the fields validate; throwing there rejects the whole change, so nothing is
 * stored, and the message tells the user what was wrong.
 */

/** The class of errors our data models throw; `key` is the lang/en.json key of the message. */
export class GnGValidationError extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, unknown>,
  ) {
    super(localizeValidation(key, data));
    this.name = 'GnGValidationError';
  }
}

function localizeValidation(key: string, data: Record<string, unknown>): string {
  const i18n = (globalThis as { game?: { i18n?: Localization } }).game?.i18n;
  return i18n ? i18n.format(key, data) : `${key} ${JSON.stringify(data)}`;
}

export function validationError(key: string, data: Record<string, unknown> = {}): GnGValidationError {
  return new GnGValidationError(key, data);
}
