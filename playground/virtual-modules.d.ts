/** The templates of `templates/`, precompiled by Handlebars, by repository path (scripts/template-specs-plugin.ts). */
declare module 'virtual:gng-template-specs' {
  const specs: Record<string, object>;
  export default specs;
}
