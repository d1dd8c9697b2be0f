import { describe, expect, it } from 'vitest';
import { checkFit, NO_FITMENT_TEXT, type FitCar, type FitmentLine } from './fit.ts';

const corolla2010: FitCar = {
  makeId: 448,
  make: 'Toyota',
  modelId: 2208,
  model: 'Corolla',
  year: 2010,
};
const row = (o: Partial<FitmentLine>): FitmentLine => ({
  make_id: 448,
  make: 'Toyota',
  model_id: 2208,
  model: 'Corolla',
  year_from: 2008,
  year_to: 2013,
  ...o,
});

describe('checkFit', () => {
  it('fits inside an exact year range, its ends included', () => {
    expect(checkFit({ fitment: [row({})] }, corolla2010)).toEqual({
      verdict: 'fits',
      text: 'Fits your 2010 Toyota Corolla',
    });
    expect(
      checkFit({ fitment: [row({ year_from: 2010, year_to: 2010 })] }, corolla2010).verdict,
    ).toBe('fits');
    expect(
      checkFit({ fitment: [row({ year_from: 2011, year_to: 2013 })] }, corolla2010).verdict,
    ).toBe('no');
  });

  it('says which years it fits when the car is outside them', () => {
    expect(checkFit({ fitment: [row({ year_from: 2014, year_to: 2018 })] }, corolla2010)).toEqual({
      verdict: 'no',
      text: 'Does not fit your 2010 Corolla: made for the 2014–2018 Corolla',
    });
  });

  it('a row without a model fits every model of the make', () => {
    expect(checkFit({ fitment: [row({ model_id: null, model: null })] }, corolla2010).verdict).toBe(
      'fits',
    );
    const other = row({ make_id: 474, make: 'Honda', model_id: 1861, model: 'Accord' });
    expect(checkFit({ fitment: [other] }, corolla2010)).toEqual({
      verdict: 'no',
      text: 'Does not fit your Corolla: made for Honda Accord 2008–2013',
    });
    // Many other cars: two named and a count, never a bare '…'.
    const civic = row({ make_id: 474, make: 'Honda', model_id: 1862, model: 'Civic' });
    const crv = row({ make_id: 474, make: 'Honda', model_id: 1863, model: 'CR-V' });
    const pilot = row({ make_id: 474, make: 'Honda', model_id: 1864, model: 'Pilot' });
    expect(checkFit({ fitment: [other, civic, crv] }, corolla2010).text).toBe(
      'Does not fit your Corolla: made for Honda Accord 2008–2013, Honda Civic 2008–2013 and 1 other car',
    );
    expect(checkFit({ fitment: [other, civic, crv, pilot] }, corolla2010).text).toMatch(
      / and 2 other cars$/,
    );
    // A car saved without a year: make and model decide.
    expect(checkFit({ fitment: [row({})] }, { ...corolla2010, year: null }).text).toBe(
      'Fits your Toyota Corolla',
    );
  });

  it('without fitment rows it cannot tell', () => {
    expect(checkFit({ fitment: [] }, corolla2010)).toEqual({
      verdict: 'unknown',
      text: NO_FITMENT_TEXT,
    });
    expect(checkFit({ fitment: [], kind: 'universal' }, corolla2010).verdict).toBe('fits');
    expect(checkFit({ fitment: [], kind: 'spec', specFits: false }, corolla2010).verdict).toBe(
      'no',
    );
    expect(checkFit({ fitment: [], kind: 'spec', specFits: null }, corolla2010).verdict).toBe(
      'unknown',
    );
  });
});
