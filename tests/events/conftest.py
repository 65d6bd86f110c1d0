"""As in the table service's tests (tests/tables/helpers.py): any ERROR log a test does not declare
fails it, and the rigs a failing test leaves open are closed after it."""

from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs
from tests.tables.helpers import no_unexpected_error_log as no_unexpected_error_log
