"""The computer players as they were before issue 15 (moon defence, anytime search): a frozen copy of
``bot/ai`` kept only so ``bench/ai_strength.py`` can compare today's levels with the new ones on the
same deals. Not used by the bot."""
