"""Puts an eval home into this Home Assistant: floors, areas (with aliases), devices and entities of
every domain the eval's datasets hold, in HA's real registries, with entities whose state HA's own
service handlers change (light.turn_on with brightness_pct, media_player.volume_up, ...).

Services (see docs/eval.md):
- cyrene_eval_home.load {home}: replaces the current home with `home` (eval/real-home.ts sends it).
- cyrene_eval_home.reset {prime}: every entity back to its loaded state, then `prime` (entity_id ->
  {state, attributes}) applied, so one HA serves every case of every home.
"""

from __future__ import annotations

import logging
from typing import Any

import voluptuous as vol

from homeassistant.config_entries import SOURCE_IMPORT, ConfigEntry, ConfigEntryState
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import area_registry as ar
from homeassistant.helpers import device_registry as dr
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import floor_registry as fr
from homeassistant.helpers.typing import ConfigType

from .const import DOMAIN, PLATFORMS

_LOGGER = logging.getLogger(__name__)

LOAD_SCHEMA = vol.Schema({vol.Required("home"): dict})
RESET_SCHEMA = vol.Schema({vol.Optional("prime", default={}): dict})


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    data = hass.data.setdefault(DOMAIN, {"home": None, "entities": {}, "area_ids": {}})

    async def load(call: ServiceCall) -> None:
        entry = _entry(hass)
        if entry.state is ConfigEntryState.LOADED:
            await hass.config_entries.async_unload(entry.entry_id)
        _clear_registries(hass, entry)
        data["home"] = call.data["home"]
        data["entities"] = {}
        await hass.config_entries.async_setup(entry.entry_id)
        missing = [e["id"] for e in data["home"].get("entities", []) if e["id"] not in data["entities"]]
        if missing:
            raise vol.Invalid(f"entities not created: {missing[:10]}")

    async def reset(call: ServiceCall) -> None:
        prime: dict[str, Any] = call.data["prime"]
        for entity_id, entity in data["entities"].items():
            spec = entity.spec
            state = spec["state"]
            attributes = dict(spec.get("attributes") or {})
            if entity_id in prime:
                state = prime[entity_id].get("state") or state
                attributes.update(prime[entity_id].get("attributes") or {})
            entity.restore(state, attributes)
            if entity.hass is not None:
                entity.async_write_ha_state()

    hass.services.async_register(DOMAIN, "load", load, schema=LOAD_SCHEMA)
    hass.services.async_register(DOMAIN, "reset", reset, schema=RESET_SCHEMA)
    if not hass.config_entries.async_entries(DOMAIN):
        hass.async_create_task(
            hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_IMPORT}, data={})
        )
    return True


def _entry(hass: HomeAssistant) -> ConfigEntry:
    entries = hass.config_entries.async_entries(DOMAIN)
    if not entries:
        raise vol.Invalid("the eval home's config entry is not created yet")
    return entries[0]


def _clear_registries(hass: HomeAssistant, entry: ConfigEntry) -> None:
    """The previous home goes entirely: its entities, devices, areas and floors."""
    entities = er.async_get(hass)
    for reg in er.async_entries_for_config_entry(entities, entry.entry_id):
        entities.async_remove(reg.entity_id)
    devices = dr.async_get(hass)
    for device in dr.async_entries_for_config_entry(devices, entry.entry_id):
        devices.async_remove_device(device.id)
    areas = ar.async_get(hass)
    for area in list(areas.async_list_areas()):
        areas.async_delete(area.id)
    floors = fr.async_get(hass)
    for floor in list(floors.async_list_floors()):
        floors.async_delete(floor.floor_id)


async def async_setup_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
    data = hass.data[DOMAIN]
    home = data["home"] or {}
    floors = fr.async_get(hass)
    floor_ids: dict[str, str] = {}
    for area in home.get("areas", []):
        name = area.get("floor")
        if name and name not in floor_ids:
            floor_ids[name] = floors.async_create(name).floor_id
    areas = ar.async_get(hass)
    data["area_ids"] = {}
    for area in home.get("areas", []):
        created = areas.async_create(
            area["name"],
            aliases=set(area.get("aliases") or []),
            floor_id=floor_ids.get(area.get("floor") or ""),
        )
        data["area_ids"][area["id"]] = created.id
    devices = dr.async_get(hass)
    for device in home.get("devices", []):
        created = devices.async_get_or_create(
            config_entry_id=entry.entry_id,
            identifiers={(DOMAIN, device["id"])},
            name=device["name"],
        )
        if device.get("area") in data["area_ids"]:
            devices.async_update_device(created.id, area_id=data["area_ids"][device["area"]])
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
    return await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
