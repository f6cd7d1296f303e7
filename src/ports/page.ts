// One page of a list, and the page asked for (1-based).

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  page: number;
  size: number;
}
