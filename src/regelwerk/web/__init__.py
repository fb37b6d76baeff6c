"""The table's pages in the browser: server-rendered templates with htmx.

``router`` holds every page and the vendored assets (``/static/web``); the
HTTP app includes it with one line.
"""

from regelwerk.web.character_pages import router as _character_router
from regelwerk.web.encounter_pages import router as _encounter_router
from regelwerk.web.map_pages import router as _map_router
from regelwerk.web.routes import router
from regelwerk.web.table_map_pages import router as _table_map_router
from regelwerk.web.table_pages import router as _table_router

router.include_router(_table_router)
router.include_router(_encounter_router)
router.include_router(_character_router)
router.include_router(_map_router)
router.include_router(_table_map_router)

__all__ = ["router"]
