/**
 * The listed games' venues on a map (Leaflet, loaded with this view only): one pin per venue, each a
 * labelled button in the tab order, its popup linking to the venue's games. Tiles come from
 * MAP_TILE_URL, which the service writes into the page; without one the pins stand on a plain ground.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { t } from '../../i18n';
import { BASE, navigate } from '../../router';
import { formatDateTime } from '../../time';

const configured = document.querySelector('meta[name="map-tile-url"]')?.getAttribute('content') ?? '';
const TILE_URL = /^https?:\/\//.test(configured) ? configured : '';

export interface MapGame {
  id: string;
  title: string | null;
  startTime: string;
  activity: { name: string };
  venue: { id: string; name: string; latitude: number; longitude: number };
}

/** The popup's content as elements (names are text, never markup); its links move within the app. */
function popupOf(venue: MapGame['venue'], games: MapGame[]): HTMLElement {
  const box = document.createElement('div');
  const heading = document.createElement('p');
  heading.className = 'find-popup-venue';
  heading.textContent = venue.name;
  const list = document.createElement('ul');
  list.className = 'find-popup-games';
  for (const game of games) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `${BASE}/games/${game.id}`;
    link.textContent = `${game.title ?? t.find.gameAt(game.activity.name, venue.name)} · ${formatDateTime(game.startTime)}`;
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(`/games/${game.id}`);
    });
    item.append(link);
    list.append(item);
  }
  box.append(heading, list);
  return box;
}

export function GameMap({ games }: { games: MapGame[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const map = L.map(element, { attributionControl: !!TILE_URL });
    if (TILE_URL) L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '© OpenStreetMap contributors' }).addTo(map);
    const byVenue = new Map<string, { venue: MapGame['venue']; games: MapGame[] }>();
    for (const game of games) {
      const entry = byVenue.get(game.venue.id) ?? { venue: game.venue, games: [] };
      entry.games.push(game);
      byVenue.set(game.venue.id, entry);
    }
    const markers = [...byVenue.values()].map(({ venue, games: here }) => {
      const label = t.find.marker(venue.name, here.length);
      const icon = L.divIcon({ className: 'find-pin', iconSize: [28, 28], iconAnchor: [14, 28], popupAnchor: [0, -26] });
      const marker = L.marker([venue.latitude, venue.longitude], { icon, keyboard: true, title: label });
      // Its element exists once the map has a view: the label goes on then.
      marker.once('add', () => marker.getElement()?.setAttribute('aria-label', label));
      marker.bindPopup(() => popupOf(venue, here));
      return marker.addTo(map);
    });
    if (markers.length > 0) map.fitBounds(L.featureGroup(markers).getBounds().pad(0.25), { maxZoom: 15 });
    return () => {
      map.remove();
    };
  }, [games]);
  return <div ref={box} className="find-map" role="region" aria-label={t.find.mapLabel} />;
}
