import { useState } from 'react';
import type { Option } from '@sf/shared/api';
import { browserApi } from './api.ts';

/**
 * A state and city pair of selects: choosing a state clears the city and loads that state's
 * cities in the browser. Forms still work without JavaScript: their server answer lists the
 * chosen state's cities (`setCities` takes them when the answer changes).
 */
export function useStateCities<V extends string | number = string | number>(initial: {
  stateId: string;
  cityId: string;
  cities: Option<V>[];
}) {
  const [stateId, setStateId] = useState(initial.stateId);
  const [cityId, setCityId] = useState(initial.cityId);
  const [cities, setCities] = useState(initial.cities);
  const chooseState = async (id: string) => {
    setStateId(id);
    setCityId('');
    setCities([]);
    if (id) setCities(await browserApi.lookup<Option<V>>(`/api/database/cities/${id}`));
  };
  return { stateId, cityId, setCityId, cities, setCities, chooseState };
}
