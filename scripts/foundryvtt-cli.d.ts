/** Our declaration of the two functions of @foundryvtt/foundryvtt-cli we use (from its README). */
declare module '@foundryvtt/foundryvtt-cli' {
  interface PackOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
    recursive?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => Promise<false | void>;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(
    src: string,
    dest: string,
    options?: PackOptions & { folders?: boolean },
  ): Promise<void>;
}
