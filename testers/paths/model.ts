/**
 * The model type lives beside the machines (src/shared/pathModel.ts): the models in src import
 * it without reaching into the testers. Re-exported here for the tool's own modules.
 */
export { type LabelledEvent, type PathModel, stateValueKey } from '../../src/shared/pathModel';
