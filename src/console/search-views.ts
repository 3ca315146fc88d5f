import { PageModel, view } from '../web/page-outcome';
import { ClientRowModel } from './client-views';

/** A device as a result of the header search shows it. */
export interface DeviceResultModel {
  href: string;
  /** Its label, else the host name it last reported, else its record name; null: none. */
  name: string | null;
  mac: string;
  network: string | null;
}

/** A group of results: the first ones, how many match in all, and the list that shows them all. */
export interface ResultGroup<T> {
  rows: T[];
  count: number;
  /** The list page with this search, shown when it holds more than `rows`. */
  allHref: string;
  more: boolean;
}

/** views/search.hbs: the devices and clients a text finds, or nothing yet when it is empty. */
export interface SearchModel extends PageModel {
  siteSearch: string;
  devices: ResultGroup<DeviceResultModel> | null;
  clients: ResultGroup<ClientRowModel> | null;
}

export const SEARCH_PAGE = view<SearchModel>('console/views/search');
