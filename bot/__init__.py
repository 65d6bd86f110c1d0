"""Hearts for Discord: rules engine, computer players, rendering, table service, storage."""
