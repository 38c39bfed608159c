// is-any-array 3 as CommonJS, for Jest only. image-js's ml-regression-base require()s the
// ESM-only is-any-array 3: Node 20.19 loads it (require(esm)), Jest's module loader cannot.
const toString = Object.prototype.toString;

exports.isAnyArray = function isAnyArray(value) {
  const tag = toString.call(value);
  return tag.endsWith('Array]') && !tag.includes('Big');
};
