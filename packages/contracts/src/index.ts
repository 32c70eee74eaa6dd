export * from './constants.js';
export * from './arabic.js';
export * from './messages.js';
export * from './fields.js';
export * from './user.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './stats.js';
