import { requestFormMessages } from '../../../shared/i18n/locales/en/requests';
import { useCallback, useState } from 'react';

export interface DevicePosition {
  lat: number;
  lng: number;
}

/** The browser location API with high accuracy (spec section 7); resolves the position or rejects with a message. */
export function useDeviceLocation() {
  const [locating, setLocating] = useState(false);

  const locate = useCallback((): Promise<DevicePosition> => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      return Promise.reject(new Error(requestFormMessages.get().locationUnavailable));
    }
    setLocating(true);
    return new Promise<DevicePosition>((resolve, reject) => {
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          setLocating(false);
          resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude });
        },
        (err) => {
          setLocating(false);
          reject(new Error(err.code === err.PERMISSION_DENIED ? requestFormMessages.get().locationDenied : requestFormMessages.get().locationFailed));
        },
        { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 },
      );
    });
  }, []);

  return { locate, locating };
}
