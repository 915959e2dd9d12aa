DOMAIN = "cyrene_eval_home"
PLATFORMS = [
    "binary_sensor",
    "climate",
    "cover",
    "fan",
    "light",
    "lock",
    "media_player",
    "sensor",
    "switch",
    "vacuum",
    "valve",
    "weather",
]
