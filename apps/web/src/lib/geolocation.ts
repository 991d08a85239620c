import { MESSAGES } from '@gurumatch/shared/messages';

export type GeolocationFailure = 'unsupported' | 'denied' | 'failed';

export class GeolocationError extends Error {
  constructor(readonly reason: GeolocationFailure) {
    super(reason === 'unsupported' ? MESSAGES.geolocationNotSupported : `Geolocation ${reason}`);
    this.name = 'GeolocationError';
  }
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The browser's position, or a GeolocationError saying why not. */
export function getCurrentPosition(timeoutMs = 15_000): Promise<Coordinates> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.reject(new GeolocationError('unsupported'));
  }
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      (error) => {
        reject(new GeolocationError(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'));
      },
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 300_000 },
    );
  });
}
