/**
 * The Time Count's numbers in one import (seed 002:237–306; issue #32, design §2.2 R32–R39): speed
 * classes and speed factors, the initiative roll, the actions' speed factors. Pure.
 */
export * from './speed-factor.js';
export * from './initiative.js';
export * from './action-speeds.js';
