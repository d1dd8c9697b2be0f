// The answers of the garage routes, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { changeReply, garageBody, garageCar, listReply } from './schemas.ts';

/** One car of a user's garage, as the API returns it. */
export type GarageCar = FromSchema<typeof garageCar>;
export type GarageListAnswer = FromSchema<typeof listReply>;
export type GarageChangeAnswer = FromSchema<typeof changeReply>;

/** A car to save, as the body schema admits it. */
export type AddCarInput = FromSchema<typeof garageBody>;
