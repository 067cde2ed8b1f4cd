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
      return Promise.reject(new Error('Location is not available in this browser.'));
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
          reject(new Error(err.code === err.PERMISSION_DENIED ? 'Location permission was denied.' : 'Could not get your location.'));
        },
        { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 },
      );
    });
  }, []);

  return { locate, locating };
}
