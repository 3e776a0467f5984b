"""The screens: menu, setup, table, round end, game end, score pad, settings, rules, history."""
