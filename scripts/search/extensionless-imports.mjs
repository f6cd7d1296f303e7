// A module resolution hook for `npm run train:question-tower`: tfjs-core's ES modules (whose
// gradient definitions the training needs; the runtime bundle leaves them out) import their
// siblings without file extensions, as bundlers allow and Node does not. Only relative
// specifiers that fail as written are retried, with ".js" and then "/index.js".
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (!relative || (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'ERR_UNSUPPORTED_DIR_IMPORT'))
      throw error;
    try {
      return await next(`${specifier}.js`, context);
    } catch {
      return next(`${specifier}/index.js`, context);
    }
  }
}
