"""Entities of an eval home. Each keeps its state in HA's usual `_attr_*` fields, so HA's own service
handlers and state writing do the work; `restore(state, attributes)` sets a state as the dataset writes
it (the fixture's state and state attributes), for loading and for the per-case reset."""

from __future__ import annotations

from typing import Any

from homeassistant.components.binary_sensor import BinarySensorEntity
from homeassistant.components.climate import (
    ClimateEntity,
    ClimateEntityFeature,
    HVACMode,
)
from homeassistant.components.conversation import DOMAIN as CONVERSATION
from homeassistant.components.cover import CoverEntity, CoverEntityFeature
from homeassistant.components.fan import FanEntity, FanEntityFeature
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.light import ColorMode, LightEntity
from homeassistant.components.lock import LockEntity
from homeassistant.components.media_player import (
    MediaPlayerEntity,
    MediaPlayerEntityFeature,
    MediaPlayerState,
)
from homeassistant.components.sensor import SensorEntity
from homeassistant.components.switch import SwitchEntity
from homeassistant.components.vacuum import StateVacuumEntity, VacuumActivity, VacuumEntityFeature
from homeassistant.components.valve import ValveEntity, ValveEntityFeature
from homeassistant.components.weather import WeatherEntity
from homeassistant.const import UnitOfTemperature
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.device_registry import DeviceInfo
from homeassistant.helpers.entity import Entity
from homeassistant.helpers.entity_platform import AddEntitiesCallback

from .const import DOMAIN

try:  # HA 2026.11 on: an entity's aliases are a list in which COMPUTED_NAME stands for its own name.
    from homeassistant.helpers.entity_registry import COMPUTED_NAME
except ImportError:  # Older HA: a set of aliases, the name known apart from them.
    COMPUTED_NAME = None


def _aliases(spec: dict[str, Any]) -> Any:
    """The entity's aliases as a home of this HA has them: known by its name and by each alias."""
    aliases = list(spec.get("aliases") or [])
    return set(aliases) if COMPUTED_NAME is None else [COMPUTED_NAME, *aliases]


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class EvalEntity(Entity):
    """Named as the dataset names it (a whole name, not device + entity name), never polled."""

    _attr_has_entity_name = False
    _attr_should_poll = False

    def __init__(self, spec: dict[str, Any], device_area: str | None) -> None:
        self.spec = spec
        self.entity_id = spec["id"]
        self._attr_unique_id = spec["id"]
        self._attr_name = spec["name"]
        if spec.get("deviceClass"):
            self._attr_device_class = spec["deviceClass"]
        if spec.get("device"):
            self._attr_device_info = DeviceInfo(identifiers={(DOMAIN, spec["device"])})
        self._device_area = device_area
        self.restore(spec["state"], dict(spec.get("attributes") or {}))

    def restore(self, state: str, attributes: dict[str, Any]) -> None:
        raise NotImplementedError

    async def async_added_to_hass(self) -> None:
        await super().async_added_to_hass()
        area_ids = self.hass.data[DOMAIN]["area_ids"]
        area = self.spec.get("area")
        # As HA has it: an entity in its device's area has no area of its own.
        own_area = area_ids.get(area) if area and area != self._device_area else None
        er.async_get(self.hass).async_update_entity(
            self.entity_id,
            area_id=own_area,
            aliases=_aliases(self.spec),
        )
        async_expose_entity(self.hass, CONVERSATION, self.entity_id, True)


class EvalLight(EvalEntity, LightEntity):
    def restore(self, state, attributes):
        listed = attributes.get("supported_color_modes")
        modes = {ColorMode(m) for m in listed if m in set(ColorMode)} if isinstance(listed, list) else set()
        if not modes:
            modes = {ColorMode.BRIGHTNESS} if "brightness" in attributes else {ColorMode.ONOFF}
        self._attr_supported_color_modes = modes
        mode = attributes.get("color_mode")
        self._attr_color_mode = ColorMode(mode) if isinstance(mode, str) and mode in modes else next(iter(modes))
        self._attr_is_on = state == "on"
        brightness = _number(attributes.get("brightness"))
        self._attr_brightness = int(brightness) if brightness is not None else 255
        rgbw = attributes.get("rgbw_color")
        self._attr_rgbw_color = tuple(int(v) for v in rgbw) if rgbw else None

    async def async_turn_on(self, **kwargs: Any) -> None:
        self._attr_is_on = True
        if "brightness" in kwargs:
            self._attr_brightness = kwargs["brightness"]
        if "rgbw_color" in kwargs:
            self._attr_rgbw_color = kwargs["rgbw_color"]
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        self._attr_is_on = False
        self.async_write_ha_state()


class EvalSwitch(EvalEntity, SwitchEntity):
    def restore(self, state, attributes):
        self._attr_is_on = state == "on"

    async def async_turn_on(self, **kwargs: Any) -> None:
        self._attr_is_on = True
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        self._attr_is_on = False
        self.async_write_ha_state()


class EvalFan(EvalEntity, FanEntity):
    _attr_supported_features = (
        FanEntityFeature.TURN_ON
        | FanEntityFeature.TURN_OFF
        | FanEntityFeature.SET_SPEED
        | FanEntityFeature.OSCILLATE
    )

    def restore(self, state, attributes):
        percentage = _number(attributes.get("percentage"))
        self._attr_percentage = int(percentage) if percentage is not None else (50 if state == "on" else 0)
        self._attr_oscillating = bool(attributes.get("oscillating", False))

    async def async_turn_on(self, percentage=None, preset_mode=None, **kwargs: Any) -> None:
        self._attr_percentage = percentage or self._attr_percentage or 50
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        self._attr_percentage = 0
        self.async_write_ha_state()

    async def async_set_percentage(self, percentage: int) -> None:
        self._attr_percentage = percentage
        self.async_write_ha_state()

    async def async_oscillate(self, oscillating: bool) -> None:
        self._attr_oscillating = oscillating
        self.async_write_ha_state()


class EvalCover(EvalEntity, CoverEntity):
    def restore(self, state, attributes):
        features = CoverEntityFeature.OPEN | CoverEntityFeature.CLOSE | CoverEntityFeature.STOP
        if self.spec.get("deviceClass") not in ("garage", "gate", "door"):
            features |= CoverEntityFeature.SET_POSITION
        self._attr_supported_features = features
        position = _number(attributes.get("current_position"))
        if position is None:
            position = 100 if state == "open" else 0
        self._attr_current_cover_position = int(position)
        self._attr_is_closed = position == 0

    def _move(self, position: int) -> None:
        self._attr_current_cover_position = position
        self._attr_is_closed = position == 0
        self.async_write_ha_state()

    async def async_open_cover(self, **kwargs: Any) -> None:
        self._move(100)

    async def async_close_cover(self, **kwargs: Any) -> None:
        self._move(0)

    async def async_set_cover_position(self, **kwargs: Any) -> None:
        self._move(int(kwargs["position"]))

    async def async_stop_cover(self, **kwargs: Any) -> None:
        self.async_write_ha_state()


class EvalValve(EvalEntity, ValveEntity):
    def restore(self, state, attributes):
        self._attr_reports_position = bool(attributes.get("reports_position", False))
        features = ValveEntityFeature.OPEN | ValveEntityFeature.CLOSE | ValveEntityFeature.STOP
        if self._attr_reports_position:
            features |= ValveEntityFeature.SET_POSITION
        self._attr_supported_features = features
        position = _number(attributes.get("current_valve_position"))
        if position is None or state in ("open", "closed"):
            position = 100 if state == "open" else 0
        self._attr_current_valve_position = int(position)
        self._attr_is_closed = position == 0

    def _move(self, position: int) -> None:
        self._attr_current_valve_position = position
        self._attr_is_closed = position == 0
        self.async_write_ha_state()

    async def async_open_valve(self) -> None:
        self._move(100)

    async def async_close_valve(self) -> None:
        self._move(0)

    async def async_set_valve_position(self, position: int) -> None:
        self._move(position)

    async def async_stop_valve(self) -> None:
        self.async_write_ha_state()


class EvalLock(EvalEntity, LockEntity):
    def restore(self, state, attributes):
        self._attr_is_locked = state == "locked"

    async def async_lock(self, **kwargs: Any) -> None:
        self._attr_is_locked = True
        self.async_write_ha_state()

    async def async_unlock(self, **kwargs: Any) -> None:
        self._attr_is_locked = False
        self.async_write_ha_state()


class EvalVacuum(EvalEntity, StateVacuumEntity):
    _attr_supported_features = (
        VacuumEntityFeature.START
        | VacuumEntityFeature.STOP
        | VacuumEntityFeature.PAUSE
        | VacuumEntityFeature.RETURN_HOME
        | VacuumEntityFeature.STATE
    )

    def restore(self, state, attributes):
        try:
            self._attr_activity = VacuumActivity(state)
        except ValueError:
            self._attr_activity = VacuumActivity.DOCKED

    def _be(self, activity: VacuumActivity) -> None:
        self._attr_activity = activity
        self.async_write_ha_state()

    async def async_start(self) -> None:
        self._be(VacuumActivity.CLEANING)

    async def async_pause(self) -> None:
        self._be(VacuumActivity.PAUSED)

    async def async_stop(self, **kwargs: Any) -> None:
        self._be(VacuumActivity.IDLE)

    async def async_return_to_base(self, **kwargs: Any) -> None:
        self._be(VacuumActivity.RETURNING)


class EvalMediaPlayer(EvalEntity, MediaPlayerEntity):
    _attr_supported_features = (
        MediaPlayerEntityFeature.PLAY
        | MediaPlayerEntityFeature.PAUSE
        | MediaPlayerEntityFeature.STOP
        | MediaPlayerEntityFeature.VOLUME_SET
        | MediaPlayerEntityFeature.VOLUME_STEP
        | MediaPlayerEntityFeature.VOLUME_MUTE
        | MediaPlayerEntityFeature.TURN_ON
        | MediaPlayerEntityFeature.TURN_OFF
        | MediaPlayerEntityFeature.NEXT_TRACK
        | MediaPlayerEntityFeature.PREVIOUS_TRACK
        | MediaPlayerEntityFeature.SELECT_SOURCE
    )
    _attr_source_list = ["Radio", "Spotify", "TV"]

    def restore(self, state, attributes):
        try:
            self._attr_state = MediaPlayerState(state)
        except ValueError:
            self._attr_state = MediaPlayerState.IDLE
        volume = _number(attributes.get("volume_level"))
        self._attr_volume_level = volume if volume is not None else 0.3
        track = _number(attributes.get("media_track"))
        self._attr_media_track = int(track) if track is not None else 5
        self._attr_is_volume_muted = bool(attributes.get("is_volume_muted", False))
        self._attr_source = attributes.get("source", "Radio")

    def _be(self, state: MediaPlayerState) -> None:
        self._attr_state = state
        self.async_write_ha_state()

    async def async_turn_on(self) -> None:
        self._be(MediaPlayerState.ON)

    async def async_turn_off(self) -> None:
        self._be(MediaPlayerState.OFF)

    async def async_media_play(self) -> None:
        self._be(MediaPlayerState.PLAYING)

    async def async_media_pause(self) -> None:
        self._be(MediaPlayerState.PAUSED)

    async def async_media_stop(self) -> None:
        self._be(MediaPlayerState.IDLE)

    async def async_media_next_track(self) -> None:
        self._attr_media_track = (self._attr_media_track or 0) + 1
        self._be(MediaPlayerState.PLAYING)

    async def async_media_previous_track(self) -> None:
        self._attr_media_track = max(1, (self._attr_media_track or 1) - 1)
        self._be(MediaPlayerState.PLAYING)

    async def async_set_volume_level(self, volume: float) -> None:
        self._attr_volume_level = volume
        self.async_write_ha_state()

    async def async_mute_volume(self, mute: bool) -> None:
        self._attr_is_volume_muted = mute
        self.async_write_ha_state()

    async def async_select_source(self, source: str) -> None:
        self._attr_source = source
        self.async_write_ha_state()


class EvalClimate(EvalEntity, ClimateEntity):
    """A thermostat; HA's own turn_on/turn_off pick the mode (heat_cool, heat or cool; off)."""

    _attr_supported_features = (
        ClimateEntityFeature.TARGET_TEMPERATURE
        | ClimateEntityFeature.TURN_ON
        | ClimateEntityFeature.TURN_OFF
    )
    # The system's unit: the public homes mix °C and °F set points (72, 105) in one metric HA.
    _attr_temperature_unit = UnitOfTemperature.CELSIUS
    _attr_min_temp = 5
    _attr_max_temp = 110
    _attr_target_temperature_step = 0.5

    def restore(self, state, attributes):
        modes = attributes.get("hvac_modes") or ["off", "heat", "cool"]
        self._attr_hvac_modes = [HVACMode(m) for m in modes]
        mode = attributes.get("hvac_mode") if state in (None, "", "off") else state
        self._attr_hvac_mode = HVACMode(mode) if mode in modes else HVACMode.OFF
        target = _number(attributes.get("temperature", attributes.get("target_temperature")))
        self._attr_target_temperature = target if target is not None else 20
        self._attr_current_temperature = _number(attributes.get("current_temperature"))

    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:
        self._attr_hvac_mode = hvac_mode
        self.async_write_ha_state()

    async def async_set_temperature(self, **kwargs: Any) -> None:
        if "temperature" in kwargs:
            self._attr_target_temperature = kwargs["temperature"]
        if "hvac_mode" in kwargs:
            self._attr_hvac_mode = kwargs["hvac_mode"]
        self.async_write_ha_state()


NUMERIC_SENSORS = {"temperature", "humidity", "battery", "energy", "water", "power"}


class EvalSensor(EvalEntity, SensorEntity):
    def restore(self, state, attributes):
        value = attributes.get("native_value", state)
        if self.spec.get("deviceClass") in NUMERIC_SENSORS or attributes.get("state_class"):
            value = _number(value)
        self._attr_native_value = value
        self._attr_native_unit_of_measurement = attributes.get(
            "native_unit_of_measurement", attributes.get("unit_of_measurement")
        )
        state_class = attributes.get("state_class")
        self._attr_state_class = str(state_class).split(".")[-1].lower() if state_class else None


class EvalBinarySensor(EvalEntity, BinarySensorEntity):
    def restore(self, state, attributes):
        self._attr_is_on = state == "on"


class EvalWeather(EvalEntity, WeatherEntity):
    def restore(self, state, attributes):
        self._attr_condition = attributes.get("condition") or (None if state == "off" else state)
        self._attr_native_temperature = _number(attributes.get("native_temperature"))
        self._attr_native_temperature_unit = attributes.get("native_temperature_unit") or "°C"
        self._attr_humidity = _number(attributes.get("humidity"))
        self._attr_native_wind_speed = _number(attributes.get("native_wind_speed"))
        self._attr_native_wind_speed_unit = attributes.get("native_wind_speed_unit") or "km/h"


CLASSES: dict[str, type[EvalEntity]] = {
    "binary_sensor": EvalBinarySensor,
    "climate": EvalClimate,
    "cover": EvalCover,
    "fan": EvalFan,
    "light": EvalLight,
    "lock": EvalLock,
    "media_player": EvalMediaPlayer,
    "sensor": EvalSensor,
    "switch": EvalSwitch,
    "vacuum": EvalVacuum,
    "valve": EvalValve,
    "weather": EvalWeather,
}


def setup_platform(domain: str, hass: HomeAssistant, add: AddEntitiesCallback) -> None:
    data = hass.data[DOMAIN]
    home = data["home"] or {}
    device_areas = {d["id"]: d.get("area") for d in home.get("devices", [])}
    created = []
    for spec in home.get("entities", []):
        if spec["id"].split(".")[0] != domain:
            continue
        entity = CLASSES[domain](spec, device_areas.get(spec.get("device")))
        data["entities"][spec["id"]] = entity
        created.append(entity)
    add(created)
